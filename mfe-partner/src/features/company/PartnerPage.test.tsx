import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { havenStore } from '@haven/shared';
import { PartnerPage } from './PartnerPage';

afterEach(() => havenStore.getState().appConfig.update({ orgData: null }));

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/t-p']}>
      <PartnerPage title="Care sponsored by your organisation">body</PartnerPage>
    </MemoryRouter>,
  );
}

describe('PartnerPage names the organisation', () => {
  it('after a reload (no partner meta loaded) the person’s organisation (orgData) is named', async () => {
    havenStore.getState().auth.update({ partnerMetaInfo: null });
    havenStore.getState().appConfig.update({ orgData: { uuid: 'org-1', name: 'KLI' } });
    renderPage();
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Care offered by KLI');
  });

  it('nobody’s organisation known: the employer, unnamed', async () => {
    renderPage();
    expect(await screen.findByTestId('company-name')).toHaveTextContent('Care offered by your employer');
  });
});
