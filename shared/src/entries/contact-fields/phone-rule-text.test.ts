import { phoneRuleText } from './phone-rule-text';

describe('phoneRuleText (product rules, Validation: per-country phone length, in words)', () => {
  it.each([
    [undefined, 'A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.'],
    [{ value: 'IN', country: 'India', phoneLength: 10 }, 'A mobile number in India has 10 digits and starts with 5, 6, 7, 8 or 9.'],
    [{ value: 'AE', country: 'United Arab Emirates', phoneLength: 9 }, 'A mobile number in United Arab Emirates has 9 digits.'],
    [{ value: 'AR', country: 'Argentina', phoneLength: [6, 7, 8] }, 'A mobile number in Argentina has 6, 7 or 8 digits.'],
    [{ value: 'AT', country: 'Austria', phoneLength: [10, 11] }, 'A mobile number in Austria has 10 or 11 digits.'],
    [{ value: 'XK', country: 'Kosovo' }, 'Enter the mobile number without the country code (4 to 15 digits).'],
  ])('%j → %s', (country, text) => {
    expect(phoneRuleText(country)).toBe(text);
  });
});
