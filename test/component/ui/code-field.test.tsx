import { useState } from 'react';
import { IntlProvider } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { render } from 'vitest-browser-react';
import { CodeField, cleanCode } from '../../../src/ui/code-field.tsx';
import '../../../src/ui/global.css';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <IntlProvider locale="en" onError={() => {}}>
      <CodeField id="code" value={value} onValueChange={setValue} error={error} extraHint="The code expires in 9:59." />
      <output data-testid="value">{value}</output>
    </IntlProvider>
  );
}

describe('CodeField', () => {
  it('is one numeric one-time-code input, labelled, with its hint and error linked', async () => {
    const screen = await render(<Harness error="The verification code is wrong." />);
    const input = screen.getByLabelText('Verification code');
    await expect.element(input).toHaveAttribute('inputmode', 'numeric');
    await expect.element(input).toHaveAttribute('autocomplete', 'one-time-code');
    await expect.element(input).toHaveAttribute('pattern', '[0-9]*');
    await expect.element(input).toHaveAttribute('type', 'text');
    await expect.element(input).toHaveAttribute('aria-invalid', 'true');
    expect(input.element().hasAttribute('maxlength')).toBe(false);
    await expect.element(input).toHaveAccessibleDescription(/The code is 6 digits\. The code expires in 9:59\..*The verification code is wrong\./);
    expect(screen.container.querySelectorAll('input')).toHaveLength(1);
  });

  it('keeps the digits of a pasted code with spaces or dashes, whole', async () => {
    const screen = await render(<Harness />);
    const input = screen.getByLabelText('Verification code');
    // fill sets the whole value in one input event, as a paste does.
    await userEvent.fill(input, '123 456');
    await expect.element(screen.getByTestId('value')).toHaveTextContent('123456');
    await expect.element(input).toHaveValue('123456');
    await userEvent.clear(input);
    await userEvent.fill(input, '09-87-65');
    await expect.element(input).toHaveValue('098765');
  });

  it('cleans what is typed: separators go, full-width digits become ASCII, leading zeros stay', () => {
    expect(cleanCode(' 012 345 ')).toBe('012345');
    expect(cleanCode('０１２３４５')).toBe('012345');
    expect(cleanCode('012-345')).toBe('012345');
    expect(cleanCode('12a456')).toBe('12a456');
  });
});
