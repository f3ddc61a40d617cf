// One payment document's download button. Its visible text names the document; the hidden rest says
// whose session and when, so a screen reader's list of buttons tells the rows apart.
import { Button } from '@haven/shared';
import type { PaymentDocument } from './api/payment-calls';

export const DOCUMENT_LABEL: Record<PaymentDocument, string> = {
  invoice: 'invoice',
  credit_note: 'credit note',
  extension_invoice: 'extension invoice',
};

export function DownloadButton(props: {
  kind: PaymentDocument;
  who: string;
  when: string;
  disabled: boolean;
  onDownload: (kind: PaymentDocument) => void;
}) {
  const { kind, who, when } = props;
  return (
    <Button variant="secondary" disabled={props.disabled} onClick={() => props.onDownload(kind)}>
      Download {DOCUMENT_LABEL[kind]}
      <span className="hv-visually-hidden">
        {' '}
        for {who}, {when}
      </span>
    </Button>
  );
}
