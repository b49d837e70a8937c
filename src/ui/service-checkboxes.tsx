import { useIntl, type MessageDescriptor } from 'react-intl';
import { SUBSCRIPTION_SERVICES, type SubscriptionService } from '../../contract/constants.ts';
import { Checkbox } from './checkbox.tsx';
import { cx } from './cx.ts';
import { FieldError } from './field.tsx';
import styles from './service-checkboxes.module.css';

export interface ServiceCheckboxesProps {
  legend: MessageDescriptor;
  hint: MessageDescriptor;
  /** Each newsletter's name, in the page's own words. */
  names: Record<SubscriptionService, MessageDescriptor>;
  chosen: readonly SubscriptionService[];
  onToggle: (service: SubscriptionService) => void;
  error?: string | null;
}

/**
 * The newsletter checkboxes (activation's newsletter step, the public newsletter page): one
 * fieldset, its legend and hint (`services-hint`), an error (`services-error`) and a checkbox
 * per service (`service-<name>`, the first one the target of the error summary's link).
 */
export function ServiceCheckboxes({ legend, hint, names, chosen, onToggle, error }: ServiceCheckboxesProps) {
  const intl = useIntl();
  return (
    <fieldset className={cx(styles.fieldset)} aria-describedby={error ? 'services-hint services-error' : 'services-hint'}>
      <legend className={cx(styles.legend)}>{intl.formatMessage(legend)}</legend>
      <p id="services-hint" className={cx(styles.hint)}>
        {intl.formatMessage(hint)}
      </p>
      {error ? <FieldError id="services-error">{error}</FieldError> : null}
      {SUBSCRIPTION_SERVICES.map((service) => (
        <Checkbox
          key={service}
          id={`service-${service}`}
          name="services"
          value={service}
          label={intl.formatMessage(names[service])}
          checked={chosen.includes(service)}
          onCheckedChange={() => onToggle(service)}
        />
      ))}
    </fieldset>
  );
}
