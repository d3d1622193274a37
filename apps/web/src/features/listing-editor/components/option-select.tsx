// A select over one of the contract's fixed lists (currency, category, colour, condition), with an optional
// empty first option: a placeholder that cannot be chosen back, or a choosable "none".
import type { SelectHTMLAttributes } from 'react';

interface OptionSelectProps<V extends string>
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className'> {
  value: V;
  options: readonly V[];
  optionLabel: (option: V) => string;
  /** A first, empty option that cannot be chosen: 'Choose a category'. */
  placeholder?: string;
  /** A first, empty option that can be chosen: 'No second colour'. */
  noneLabel?: string;
  onChange: (value: V) => void;
}

export function OptionSelect<V extends string>({
  value,
  options,
  optionLabel,
  placeholder,
  noneLabel,
  onChange,
  ...control
}: OptionSelectProps<V>) {
  return (
    <select
      {...control}
      className="input select"
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as V)}
    >
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
