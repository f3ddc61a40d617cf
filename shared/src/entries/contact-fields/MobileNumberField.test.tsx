import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@haven/shared/forms';
import { loadCountryCodes, loadPhoneReader } from '@haven/shared/form-kit';
import { MobileNumberField } from './MobileNumberField';
import { phoneTarget } from './phone-payload';

interface Values {
  country: string;
  mobile: string;
}

/** A form around the one phone field; what it sends is written out. */
function Form({ optional = false, hint, explainRule = true }: { optional?: boolean; hint?: string; explainRule?: boolean }) {
  const { control, handleSubmit } = useForm<Values>({ defaultValues: { country: 'IN', mobile: '' } });
  return (
    <form
      noValidate
      onSubmit={(e) =>
        void handleSubmit(async (v) => {
          const [countries, reader] = await Promise.all([loadCountryCodes(), loadPhoneReader()]);
          const { mobile, country_code } = phoneTarget(reader, countries, v.mobile, v.country);
          document.title = `${country_code} ${mobile}`;
        })(e)
      }
    >
      <MobileNumberField
        control={control}
        mobileName="mobile"
        countryName="country"
        optional={optional}
        hint={hint}
        explainRule={explainRule}
      />
      <button type="submit">Send</button>
    </form>
  );
}

const number = () => screen.getByLabelText('Mobile number');
const countryCode = () => screen.getByLabelText('Country code');
/** The list has loaded: the select offers every country, not the lone India placeholder (counted: a role query over ~250 options is slow). */
const listLoaded = () => waitFor(() => expect(countryCode().querySelectorAll('option').length).toBeGreaterThan(200));

// A select of ~250 countries makes each step slow in jsdom.
jest.setTimeout(20_000);

// The list and the reader are large lazy modules: loaded once up front, so no test waits on a cold import.
beforeAll(() => Promise.all([loadCountryCodes(), loadPhoneReader()]), 60_000);
beforeEach(() => {
  document.title = '';
});

describe('MobileNumberField: the one phone field', () => {
  it('is labelled, and hints the chosen country’s rule until the number is complete', async () => {
    render(<Form />);
    await listLoaded();
    expect(countryCode()).toHaveValue('IN');
    expect(number()).toHaveAttribute('autocomplete', 'tel');
    expect(number()).toHaveAccessibleDescription('A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.');
    await userEvent.type(number(), '9876543210');
    await waitFor(() => expect(number()).toHaveAccessibleDescription('International number: +91 98765 43210'));
  });

  it('a country change changes the rule: nine digits in the United Arab Emirates', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await listLoaded();
    await user.selectOptions(countryCode(), 'AE');
    expect(number()).toHaveAccessibleDescription('A mobile number in United Arab Emirates has 9 digits.');
    await user.type(number(), '5012345678');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(number()).toHaveAttribute('aria-invalid', 'true');
    expect(number()).toHaveAccessibleDescription('Enter a valid mobile number. A mobile number in United Arab Emirates has 9 digits.');
    await user.clear(number());
    await user.type(number(), '501234567');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.title).toBe('971 501234567'));
    expect(number()).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a number that breaks the rule, and keeps what was typed', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await listLoaded();
    await user.type(number(), '12345');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(number()).toHaveAccessibleDescription(
      'Enter a valid mobile number. A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.',
    );
    expect(number()).toHaveValue('12345');
    expect(document.title).toBe('');
  });

  it('without the rule in words (the sign-in cards keep one message line): the short error', async () => {
    const user = userEvent.setup();
    render(<Form explainRule={false} />);
    await listLoaded();
    expect(number()).not.toHaveAccessibleDescription();
    await user.type(number(), '12345');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(number()).toHaveAccessibleDescription('Enter a valid mobile number');
  });

  it('an empty optional number is fine; an empty required one is not', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Form optional hint="Optional" />);
    await listLoaded();
    expect(number()).toHaveAccessibleDescription('Optional');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(number()).not.toHaveAttribute('aria-invalid');
    unmount();
    render(<Form />);
    await listLoaded();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(number()).toHaveAttribute('aria-invalid', 'true');
  });

  it('a pasted international number selects its country and keeps its national digits', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await listLoaded();
    await user.click(number());
    await user.paste('+44 (0)7400 123-456');
    await waitFor(() => expect(countryCode()).toHaveValue('GB'));
    expect(number()).toHaveValue('7400123456');
    expect(number()).toHaveAccessibleDescription('International number: +44 7400 123456');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(document.title).toBe('44 7400123456'));
  });
});
