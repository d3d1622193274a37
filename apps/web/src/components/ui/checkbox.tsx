// A native checkbox (keyboard, forms and screen readers for free) with the one thing HTML has no attribute
// for: the indeterminate "some are selected" state of a select-all box, set on the element itself (browsers
// then report it as "mixed"; aria-checked on a native checkbox would only fight the real state).
import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import './checkbox.css';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'onChange'> {
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
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={['checkbox', className].filter(Boolean).join(' ')}
      checked={checked}
      onChange={(event) => onCheckedChange(event.target.checked)}
      {...props}
    />
  );
}
