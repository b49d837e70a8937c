import type { ReactNode } from 'react';
import { ChoiceFieldset, ChoiceItem } from './choice-fieldset.tsx';

export interface RadioOption<V extends string> {
  value: V;
  label: ReactNode;
  hint?: ReactNode;
}

export interface RadioGroupProps<V extends string> {
  /** Also the id of the first radio, so an error summary link lands on it. */
  id: string;
  name?: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  options: ReadonlyArray<RadioOption<V>>;
  value: V | null;
  onValueChange: (value: V) => void;
}

/** Radios in a fieldset whose legend asks the question (GOV.UK radios). */
export function RadioGroup<V extends string>({ id, name, legend, hint, error, options, value, onValueChange }: RadioGroupProps<V>) {
  const groupName = name ?? id;
  return (
    <ChoiceFieldset id={id} legend={legend} hint={hint} error={error}>
      {options.map((option, index) => {
        const optionId = index === 0 ? id : `${id}-${option.value}`;
        const optionHintId = option.hint ? `${optionId}-hint` : undefined;
        return (
          <ChoiceItem
            key={option.value}
            id={optionId}
            type="radio"
            name={groupName}
            value={option.value}
            checked={value === option.value}
            hintId={optionHintId}
            hint={option.hint}
            onChange={() => onValueChange(option.value)}
          >
            {option.label}
          </ChoiceItem>
        );
      })}
    </ChoiceFieldset>
  );
}
