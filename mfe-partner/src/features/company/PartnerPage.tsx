import type { ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { B2B_LINK_ERROR, PageFrame, useHavenStore } from '@haven/shared';
import { useCompanySite } from './useCompanySite';
import './partner.css';

/** Every partner page: the page frame with the company's name, and a failed hand-off said plainly. */
export function PartnerPage({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const { pathname } = useLocation();
  const { company } = useCompanySite();
  const error = useHavenStore((s) => s.auth.error);
  const name = company?.name;
  return (
    <PageFrame title={title} description={description} app="mfe-partner" pathname={pathname}>
      <p className="hv-partner__company" data-testid="company-name">
        {name ? (
          <>
            Care offered by <strong>{name}</strong>
          </>
        ) : (
          'Care offered by your employer'
        )}
      </p>
      {/* The hand-off's own failure (product rules, Errors and messages: text); stays on the page after the toast has gone. */}
      {error === B2B_LINK_ERROR ? (
        <p className="hv-partner__alert" role="alert">
          {error}
        </p>
      ) : null}
      {children}
    </PageFrame>
  );
}
