// /account/*: the patient's account. Each section is its own lazy chunk.
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link, NavLink, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { BackControl, NotFoundPage, PageFrame, Spinner, useHavenStore } from '@haven/shared';
import '../sessions/Sessions.css';
import './Account.css';

const ProfilePage = lazy(() => import('./ProfilePage').then((m) => ({ default: m.ProfilePage })));
const ProfilesPage = lazy(() => import('../profiles/ProfilesPage').then((m) => ({ default: m.ProfilesPage })));
const DocumentsPage = lazy(() => import('./DocumentsPage').then((m) => ({ default: m.DocumentsPage })));
const SecurityPage = lazy(() => import('./SecurityPage').then((m) => ({ default: m.SecurityPage })));
const PaymentsPage = lazy(() => import('../payments/PaymentsPage').then((m) => ({ default: m.PaymentsPage })));
const InviteFriendPage = lazy(() => import('./InviteFriendPage').then((m) => ({ default: m.InviteFriendPage })));
const CloseAccountPage = lazy(() => import('./CloseAccountPage').then((m) => ({ default: m.CloseAccountPage })));

const SECTIONS = [
  { path: '/account', label: 'Your details', end: true },
  { path: '/account/profiles', label: 'Profiles and members', end: false },
  { path: '/account/documents', label: 'Documents', end: false },
  { path: '/account/payments', label: 'Payments and invoices', end: false },
  { path: '/account/security', label: 'Sign-in and PIN', end: false },
  { path: '/account/invite', label: 'Invite a friend', end: false },
  { path: '/account/close', label: 'Close account', end: false },
] as const;

/** The section an address shows ("/account/payments/" too); the details for the account's own address. */
export function accountSection(pathname: string): (typeof SECTIONS)[number] {
  const path = pathname.replace(/\/+$/, '') || '/account';
  return SECTIONS.find((s) => s.path !== '/account' && (path === s.path || path.startsWith(`${s.path}/`))) ?? SECTIONS[0];
}

/** The account's frame: the way back, the sections, and the chosen section below them. */
function AccountFrame() {
  const section = accountSection(useLocation().pathname);
  // A switch to another profile starts the section over for that person (their details, documents, payments).
  const actingUuid = useHavenStore((s) => s.auth.acting?.uuid ?? 'own');
  const tabs = useRef<HTMLUListElement>(null);
  // On a phone the row scrolls: the current section is brought into it (the row only, never the page).
  useEffect(() => {
    const row = tabs.current;
    const current = row?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!row || !current || row.scrollWidth <= row.clientWidth) return;
    const offset = current.getBoundingClientRect().left - row.getBoundingClientRect().left;
    row.scrollLeft += offset - (row.clientWidth - current.offsetWidth) / 2;
  }, [section.path]);
  return (
    // Each section is a page of its own: its own heading and tab title, so a tab list or history names it.
    <PageFrame
      title={`${section.label} · Your account`}
      description="Your details, profiles, documents and account settings."
      app="mfe-dashboard"
    >
      <BackControl>
        <p className="hv-account__back">
          <Link to="/dashboard">Back to your care</Link>
        </p>
      </BackControl>
      <nav aria-label="Account sections" className="hv-account__nav">
        <ul ref={tabs}>
          {SECTIONS.map((s) => (
            <li key={s.path}>
              <NavLink to={s.path} end={s.end}>
                {s.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Suspense fallback={<Spinner label="Loading" />}>
        <Outlet key={actingUuid} />
      </Suspense>
    </PageFrame>
  );
}

/** An address that is no section of the account is the not-found page on its own (not a page inside the account's). */
export function AccountArea() {
  return (
    <Routes>
      <Route element={<AccountFrame />}>
        <Route index element={<ProfilePage />} />
        <Route path="profiles" element={<ProfilesPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="payments" element={<PaymentsPage />} />
        <Route path="security" element={<SecurityPage />} />
        <Route path="invite" element={<InviteFriendPage />} />
        <Route path="close" element={<CloseAccountPage />} />
      </Route>
      <Route path="*" element={<NotFoundPage app="mfe-dashboard" />} />
    </Routes>
  );
}
