import { HELP_PATH, SUPPORT_ANCHOR, splitSupportPhrase } from './support-contacts';

/** A message whose "contact the support team" links to the help page's contacts. */
export function SupportLinkedText({ text }: { text: string }) {
  const parts = splitSupportPhrase(text);
  if (!parts) return <>{text}</>;
  const [before, phrase, after] = parts;
  return (
    <>
      {before}
      <a href={`${HELP_PATH}#${SUPPORT_ANCHOR}`}>{phrase}</a>
      {after}
    </>
  );
}
