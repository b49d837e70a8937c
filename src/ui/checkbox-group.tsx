import type { ReactNode } from 'react';
import { ChoiceFieldset, ChoiceItem } from './choice-fieldset.tsx';

export interface ChoiceOption {
  value: string;
  label: string;
}

export interface CheckboxGroupProps {
  /** Also the id of the first checkbox, so an error summary link lands on it. */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  options: readonly ChoiceOption[];
  value: readonly string[];
  onValueChange: (value: string[]) => void;
}

/** GOV.UK checkboxes: a fieldset whose legend asks the question; the value keeps the options' order. */
export function CheckboxGroup({ id, legend, hint, error, options, value, onValueChange }: CheckboxGroupProps) {
  const toggle = (option: string, checked: boolean) => {
    const chosen = new Set(value);
    if (checked) chosen.add(option);
    else chosen.delete(option);
    onValueChange(options.map((o) => o.value).filter((v) => chosen.has(v)));
  };
  return (
    <ChoiceFieldset id={id} legend={legend} hint={hint} error={error}>
      {options.map((option, index) => (
        <ChoiceItem
          key={option.value}
          id={index === 0 ? id : `${id}-${option.value}`}
          type="checkbox"
          name={id}
          value={option.value}
          checked={value.includes(option.value)}
          onChange={(event) => toggle(option.value, event.target.checked)}
        >
          {option.label}
        </ChoiceItem>
      ))}
    </ChoiceFieldset>
  );
}
