// A native select over one of the contract's fixed lists (currency, category, colour, condition), with an
// optional empty first option: a placeholder that cannot be chosen back, or a choosable "none". It takes
// react-hook-form's register() props (name, ref, onChange, onBlur) as they are.
import type { ComponentProps } from 'react';

interface OptionSelectProps<V extends string>
  extends Omit<ComponentProps<'select'>, 'className' | 'children'> {
  options: readonly V[];
  optionLabel: (option: V) => string;
  /** A first, empty option that cannot be chosen: 'Choose a category'. */
  placeholder?: string;
  /** A first, empty option that can be chosen: 'No second colour'. */
  noneLabel?: string;
}

export function OptionSelect<V extends string>({
  options,
  optionLabel,
  placeholder,
  noneLabel,
  ...select
}: OptionSelectProps<V>) {
  return (
    <select {...select} className="input select">
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {noneLabel !== undefined && <option value="">{noneLabel}</option>}
      {options.map((option) => (
        <option key={option} value={option}>
          {optionLabel(option)}
        </option>
      ))}
    </select>
  );
}
