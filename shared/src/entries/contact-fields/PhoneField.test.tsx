import { fireEvent, render, screen } from '@testing-library/react';
import type { CountryCode } from '@haven/shared/form-kit';
import { PhoneField } from './PhoneField';

const COUNTRIES: CountryCode[] = [
  { label: 'Indian', value: 'IN', country: 'India', dialCode: '+91', dialCodes: ['+91'], phoneLength: 10 },
  { label: 'Emirati', value: 'AE', country: 'United Arab Emirates', dialCode: '+971', dialCodes: ['+971'], phoneLength: 9 },
];

describe('PhoneField: the drawn phone field (a controlled form such as the couple partner’s)', () => {
  it('offers India until the list has loaded', () => {
    render(<PhoneField countries={null} country="IN" onCountryChange={jest.fn()} number="" onNumberChange={jest.fn()} />);
    expect(screen.getByLabelText('Country code')).toHaveDisplayValue('India (+91)');
    expect(screen.getByLabelText('Mobile number')).toHaveAttribute('autocomplete', 'tel');
  });

  it('someone else’s number: its id for focus, no autofill of the person’s own, a country change and letters kept out', () => {
    const onCountryChange = jest.fn();
    const onNumberChange = jest.fn();
    render(
      <PhoneField
        id="partner-mobile"
        label="Partner's mobile"
        othersNumber
        countries={COUNTRIES}
        country="IN"
        onCountryChange={onCountryChange}
        number=""
        onNumberChange={onNumberChange}
        error="Enter a valid mobile number"
      />,
    );
    const number = screen.getByLabelText("Partner's mobile");
    expect(number).toHaveAttribute('id', 'partner-mobile');
    expect(number).toHaveAttribute('autocomplete', 'off');
    expect(screen.getByLabelText('Country code')).toHaveAttribute('autocomplete', 'off');
    expect(number).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(screen.getByLabelText('Country code'), { target: { value: 'AE' } });
    expect(onCountryChange).toHaveBeenCalledWith('AE');
    fireEvent.change(number, { target: { value: '50 abc 123' } });
    expect(onNumberChange).toHaveBeenCalledWith('50  123');
  });
});
