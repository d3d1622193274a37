// A checkbox on Radix: role="checkbox" with aria-checked, Space toggles it, and the indeterminate "some are
// selected" state of a select-all box is one of its states (announced as "mixed", drawn as a dash).
import * as RadixCheckbox from '@radix-ui/react-checkbox';
import { Check, Minus } from 'lucide-react';
import type { ComponentPropsWithoutRef } from 'react';
import './checkbox.css';

interface CheckboxProps
  extends Omit<ComponentPropsWithoutRef<typeof RadixCheckbox.Root>, 'checked' | 'onCheckedChange'> {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** Shown as a dash: some, not all, of what this box stands for are checked. */
  indeterminate?: boolean;
}

export function Checkbox({
  checked,
  onCheckedChange,
  indeterminate = false,
  className,
  ...props
}: CheckboxProps) {
  return (
    <RadixCheckbox.Root
      className={['checkbox', className].filter(Boolean).join(' ')}
      checked={indeterminate ? 'indeterminate' : checked}
      // Radix's state can be 'indeterminate', but a click never produces it: from mixed it goes to checked.
      onCheckedChange={(next) => onCheckedChange(next === true)}
      {...props}
    >
      <RadixCheckbox.Indicator className="checkbox__indicator">
        {indeterminate ? <Minus aria-hidden="true" /> : <Check aria-hidden="true" />}
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
  );
}
