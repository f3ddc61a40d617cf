// /design: the design language on one page (docs/design-language.md): every token, control and picture,
// in the states that can be shown at rest, so the next screen is built from these parts. Open to everyone.
import { useState } from 'react';
import { Avatar, Button, PageFrame, Spinner } from '@haven/shared';
import { TextField } from '@haven/shared/form-kit';
import {
  AnswerCards,
  Badge,
  Card,
  Chip,
  Disclosure,
  EmptyIllustration,
  EmptyState,
  ErrorIllustration,
  FileDropZone,
  LoadFailed,
  HeroIllustration,
  IconCalendar,
  IconChat,
  IconCheck,
  IconClock,
  IconFamily,
  IconHeart,
  IconInfo,
  IconLanguages,
  IconLock,
  IconMic,
  IconMicOff,
  IconNew,
  IconPhone,
  IconPrivacy,
  IconSearch,
  IconUpload,
  IconVideo,
  IconWarning,
  Select,
  Toggle,
  type Icon,
  WelcomeIllustration,
} from '@haven/shared/design';
import { useLocation } from 'react-router-dom';
import './DesignGalleryPage.css';

const SCALES = ['sand', 'teal', 'clay', 'red', 'green', 'amber', 'blue'] as const;
const STEP_JOBS = [
  'app bg',
  'subtle bg',
  'control',
  'hover',
  'selected',
  'border',
  'control edge',
  'hover edge',
  'solid',
  'solid hover',
  'text',
  'strong text',
];
const TYPE_ROLES = ['display', 'headline', 'title', 'body', 'label'] as const;
const ICONS: [string, Icon][] = [
  ['Calendar', IconCalendar],
  ['Clock', IconClock],
  ['Video', IconVideo],
  ['Mic', IconMic],
  ['Mic off', IconMicOff],
  ['Chat', IconChat],
  ['Phone', IconPhone],
  ['Family', IconFamily],
  ['Languages', IconLanguages],
  ['Privacy', IconPrivacy],
  ['Lock', IconLock],
  ['Search', IconSearch],
  ['Upload', IconUpload],
  ['Heart', IconHeart],
  ['New', IconNew],
  ['Info', IconInfo],
  ['Warning', IconWarning],
  ['Check', IconCheck],
];
const PHQ_ANSWERS = [
  { value: '0', label: 'Not at all' },
  { value: '1', label: 'Several days' },
  { value: '2', label: 'More than half the days' },
  { value: '3', label: 'Nearly every day' },
];
const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'hi', label: 'Hindi' },
  { value: 'ta', label: 'Tamil' },
  { value: 'bn', label: 'Bengali' },
];

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section className="hv-gallery__section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

export function DesignGalleryPage() {
  const { pathname } = useLocation();
  const [answer, setAnswer] = useState<string | null>('1');
  const [reminders, setReminders] = useState(true);
  const [captions, setCaptions] = useState(false);
  const [filters, setFilters] = useState(['Hindi', 'Anxiety', 'Evenings']);
  const [online, setOnline] = useState(true);
  const [files, setFiles] = useState<string[]>([]);
  // Loading states on demand: shown at rest they would say the page itself is still busy.
  const [loading, setLoading] = useState(false);
  return (
    <PageFrame
      title="Design language"
      description="Haven's tokens, controls and illustrations in one place."
      app="mfe-dashboard"
      pathname={pathname}
    >
      <p className="hv-gallery__lead">
        Every screen is built from these parts. Hover, focus (Tab) and press them to see their states; disabled, loading, selected and
        invalid are shown beside each.
      </p>
      <div className="hv-gallery__controls">
        <Toggle
          label="Show loading states"
          description="Every control that can wait shows how it waits"
          checked={loading}
          onChange={setLoading}
        />
      </div>

      <Section id="gallery-colour" title="Colour">
        <p>Seven 12-step scales; each step has one job, the same in every scale. Text steps meet 4.5:1 on the backgrounds they sit on.</p>
        <div className="hv-gallery__scales">
          {SCALES.map((scale) => (
            <div className="hv-gallery__scale" key={scale}>
              <h3>{scale}</h3>
              <ol className="hv-gallery__steps">
                {STEP_JOBS.map((job, i) => (
                  <li key={job} className="hv-gallery__step" title={`${scale} ${i + 1}: ${job}`}>
                    <span className="hv-gallery__swatch" style={{ background: `var(--hv-${scale}-${i + 1})` }} />
                    <span className="hv-gallery__step-label">{i + 1}</span>
                  </li>
                ))}
              </ol>
            </div>
          ))}
        </div>
        <p className="hv-gallery__note">Steps: {STEP_JOBS.map((job, i) => `${i + 1} ${job}`).join(' · ')}</p>
      </Section>

      <Section id="gallery-type" title="Type">
        <p>
          Atkinson Hyperlegible Next, drawn so that letters like I, l and 1 never blur: Aarav Iyer, Lakshmi Venkataraman, Zoë Illingworth.
        </p>
        <div className="hv-gallery__type">
          {TYPE_ROLES.flatMap((role) =>
            (['lg', 'md', 'sm'] as const).map((size) => (
              <p key={`${role}-${size}`} className="hv-gallery__type-row" style={{ font: `var(--hv-type-${role}-${size})` }}>
                <span className="hv-gallery__type-name">
                  {role} {size}
                </span>
                Care that fits your life
              </p>
            )),
          )}
        </div>
      </Section>

      <Section id="gallery-shape" title="Space, shape, elevation and motion">
        <div className="hv-gallery__shapes">
          {[1, 2, 3].map((level) => (
            <div key={level} className="hv-gallery__shape" style={{ boxShadow: `var(--hv-elevation-${level})` }}>
              Elevation {level}
            </div>
          ))}
          {['sm', 'md', 'lg', 'xl'].map((radius) => (
            <div
              key={radius}
              className="hv-gallery__shape hv-gallery__shape--outlined"
              style={{ borderRadius: `var(--hv-radius-${radius})` }}
            >
              Radius {radius}
            </div>
          ))}
        </div>
        <p className="hv-gallery__note">
          Spacing: a 4 px base (space 1 to 8). Motion: short 120 ms, medium 220 ms, long 360 ms, standard and emphasized easing; all 0 when
          the device asks for reduced motion.
        </p>
      </Section>

      <Section id="gallery-icons" title="Icons">
        <ul className="hv-gallery__icons">
          {ICONS.map(([name, IconPicture]) => (
            <li key={name}>
              <IconPicture size={24} aria-hidden="true" />
              <span>{name}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="gallery-illustrations" title="Illustrations">
        <div className="hv-gallery__pictures">
          <figure>
            <HeroIllustration width={320} />
            <figcaption>Landing hero</figcaption>
          </figure>
          <figure>
            <WelcomeIllustration width={240} />
            <figcaption>Welcome</figcaption>
          </figure>
          <figure>
            <EmptyIllustration width={200} />
            <figcaption>Empty state</figcaption>
          </figure>
          <figure>
            <ErrorIllustration width={200} />
            <figcaption>Error</figcaption>
          </figure>
        </div>
      </Section>

      <Section id="gallery-buttons" title="Buttons">
        <div className="hv-gallery__row">
          <Button>Book a session</Button>
          <Button variant="secondary">See times</Button>
          <Button variant="ghost">Not now</Button>
          <Button variant="danger">Cancel session</Button>
          <Button variant="danger-ghost">Remove</Button>
        </div>
        <div className="hv-gallery__row">
          <Button loading={loading}>Paying</Button>
          <Button variant="secondary" loading={loading}>
            Saving
          </Button>
          <Button disabled>Book a session</Button>
          <Button variant="secondary" disabled>
            See times
          </Button>
        </div>
      </Section>

      <Section id="gallery-fields" title="Fields">
        <div className="hv-gallery__grid">
          <TextField label="Your first name" hint="As you would like your therapist to call you" defaultValue="Aarav" />
          <TextField label="E-mail" error="Enter an e-mail address like name@example.com" defaultValue="aarav@" />
          <Select
            label="Language"
            options={LANGUAGES}
            placeholder="Choose a language"
            defaultValue="hi"
            hint="The one you are most at ease in"
          />
          <Select label="Provider" options={[]} placeholder="Choose a provider" loading={loading} />
          <Select
            label="Country"
            options={LANGUAGES}
            placeholder="Choose a country"
            error="Choose the country you live in"
            defaultValue=""
          />
          <TextField label="Member ID" disabled defaultValue="HV-20931" />
        </div>
      </Section>

      <Section id="gallery-answers" title="Answer cards">
        <AnswerCards
          legend="Over the last 2 weeks, how often have you had little interest or pleasure in doing things?"
          name="gallery-phq"
          options={PHQ_ANSWERS}
          value={answer}
          onChange={setAnswer}
          columns={2}
        />
        <AnswerCards
          legend="Saving an answer (loading, with the toggle above)"
          name="gallery-phq-loading"
          options={PHQ_ANSWERS.slice(0, 2)}
          value="0"
          onChange={() => undefined}
          loading={loading}
          columns={2}
        />
        <AnswerCards
          legend="A question not answered yet (invalid)"
          name="gallery-phq-invalid"
          options={PHQ_ANSWERS.slice(0, 2)}
          value={null}
          onChange={() => undefined}
          error="Choose an answer to go on"
          columns={2}
        />
      </Section>

      <Section id="gallery-files" title="File drop zone">
        <div className="hv-gallery__grid">
          <FileDropZone
            label="Add a document"
            hint="PDF or photo, up to 5 MB"
            accept=".pdf,image/*"
            onFiles={(chosen) => setFiles(chosen.map((file) => file.name))}
            chosen={files}
          />
          <FileDropZone label="Add a prescription" onFiles={() => undefined} loading={loading} />
        </div>
      </Section>

      <Section id="gallery-toggles" title="Toggles">
        <div className="hv-gallery__stack">
          <Toggle label="Session reminders" description="A text message an hour before" checked={reminders} onChange={setReminders} />
          <Toggle label="Captions in calls" checked={captions} onChange={setCaptions} />
          <Toggle label="Share my journal with my therapist" checked onChange={() => undefined} loading={loading} />
          <Toggle label="Weekly summary (not available)" checked={false} onChange={() => undefined} disabled />
          <Disclosure label="Session" summary={online ? 'Online' : 'Any'}>
            <Chip label="Online" selected={online} onToggle={setOnline} />
          </Disclosure>
        </div>
      </Section>

      <Section id="gallery-chips" title="Chips and badges">
        <div className="hv-gallery__row">
          {filters.map((filter) => (
            <Chip key={filter} label={filter} onRemove={() => setFilters((all) => all.filter((f) => f !== filter))} />
          ))}
          <Chip label="Online" selected={online} onToggle={setOnline} />
          <Chip label="In person" selected={false} onToggle={() => undefined} disabled />
        </div>
        <div className="hv-gallery__row">
          <Badge>Neutral</Badge>
          <Badge tone="primary">Therapist</Badge>
          <Badge tone="accent" icon={<IconNew />}>
            New
          </Badge>
          <Badge tone="success" icon={<IconCheck />}>
            Covered
          </Badge>
          <Badge tone="warning">Few times left</Badge>
          <Badge tone="danger">Cancelled</Badge>
          <Badge tone="info">Online</Badge>
        </div>
      </Section>

      <Section id="gallery-cards" title="Cards and avatars">
        <div className="hv-gallery__grid">
          <Card as="article" variant="outlined">
            <h3>Outlined</h3>
            <p>A line on the page: lists of sessions, tools.</p>
          </Card>
          <Card as="article" variant="elevated" interactive>
            <h3>
              <a className="hv-card__action" href="#gallery-cards">
                Elevated, one action
              </a>
            </h3>
            <p>The whole card is the link; hover lifts it.</p>
          </Card>
          <Card as="article" variant="tinted">
            <h3>Tinted</h3>
            <p>A warm fill for the one thing to notice.</p>
          </Card>
        </div>
        <div className="hv-gallery__row">
          <Avatar person={{ uuid: 'a', first_name: 'Priya', last_name: 'Sharma' }} size="lg" />
          <Avatar person={{ uuid: 'b', first_name: 'Aarav', last_name: 'Iyer' }} />
          <Avatar person={{}} size="lg" />
          <Avatar person={{}} />
          {loading && <Spinner label="Loading example" />}
        </div>
      </Section>

      <Section id="gallery-empty" title="Empty state">
        <EmptyState title="No sessions yet" headingLevel={3} action={<Button variant="secondary">Find a therapist</Button>}>
          <p>When you book a session, it appears here with its time and how to join.</p>
        </EmptyState>
      </Section>

      <Section id="gallery-load-failed" title="A read that failed">
        <LoadFailed what="Your sessions" retry={() => setLoading(true)} />
      </Section>
    </PageFrame>
  );
}
