// An on/off switch on Radix: role="switch" with aria-checked, labelled by its visible text, so a screen
// reader says "Description, switch, on" and Space or Enter toggles it.
import * as RadixSwitch from '@radix-ui/react-switch';
import { type ReactNode, useId } from 'react';

interface SwitchProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  label: ReactNode;
  /** A line under the label (e.g. "Coming soon"); it also describes the switch. */
  hint?: ReactNode;
  disabled?: boolean;
  /** Something shown after the label, e.g. a badge. */
  adornment?: ReactNode;
}

export function Switch({ checked, onCheckedChange, label, hint, disabled, adornment }: SwitchProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  return (
    <div className={['switch-row', disabled ? 'switch-row--disabled' : ''].filter(Boolean).join(' ')}>
      <div className="switch-row__text">
        <span id={labelId} className="switch-row__label">
          {label}
          {adornment}
        </span>
        {hint && (
          <span id={hintId} className="switch-row__hint">
            {hint}
          </span>
        )}
      </div>
      <RadixSwitch.Root
        className="switch"
        checked={checked}
        onCheckedChange={onCheckedChange}
        aria-labelledby={labelId}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
      >
        <RadixSwitch.Thumb className="switch__thumb" aria-hidden="true" />
      </RadixSwitch.Root>
    </div>
  );
}
