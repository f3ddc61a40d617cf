import { accountSection } from './AccountArea';

// Each account section is a page of its own: its title and heading come from the address it is at.
describe('accountSection', () => {
  it.each([
    ['/account', 'Your details'],
    ['/account/', 'Your details'],
    ['/account/profiles', 'Profiles and members'],
    ['/account/documents/', 'Documents'],
    ['/account/payments', 'Payments and invoices'],
    ['/account/security', 'Sign-in and PIN'],
    ['/account/invite', 'Invite a friend'],
    ['/account/close', 'Close account'],
    // Not a section by a shared start of its name.
    ['/account/closed-things', 'Your details'],
  ])('%s is %s', (path, label) => {
    expect(accountSection(path).label).toBe(label);
  });
});
