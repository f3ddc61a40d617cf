import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FileDropZone } from './FileDropZone';

const report = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
const photo = new File(['png'], 'photo.png', { type: 'image/png' });

describe('FileDropZone', () => {
  it('is a file input named by its label and described by what to do', () => {
    render(<FileDropZone label="Add a document" hint="PDF or photo, up to 5 MB" accept=".pdf,image/*" onFiles={jest.fn()} />);
    const input = screen.getByLabelText('Add a document');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAccessibleDescription('Drag a file here, or choose one · PDF or photo, up to 5 MB');
  });

  it('is reached with Tab and hands over the chosen file', async () => {
    const onFiles = jest.fn();
    render(<FileDropZone label="Add a document" onFiles={onFiles} />);
    await userEvent.tab();
    const input = screen.getByLabelText('Add a document');
    expect(input).toHaveFocus();
    await userEvent.upload(input, report);
    expect(onFiles).toHaveBeenCalledWith([report]);
  });

  it('takes dropped files (one, unless multiple)', () => {
    const onFiles = jest.fn();
    const { container } = render(<FileDropZone label="Add a document" onFiles={onFiles} />);
    const zone = container.querySelector('.hv-dropzone') as HTMLElement;
    fireEvent.dragOver(zone);
    expect(zone).toHaveClass('hv-dropzone--dragging');
    expect(screen.getByText(/Drop to add/)).toBeInTheDocument();
    const drop = createEvent.drop(zone);
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [report, photo] } });
    fireEvent(zone, drop);
    expect(onFiles).toHaveBeenCalledWith([report]);
  });

  it('lists what was chosen and shows an error read with the input', () => {
    render(<FileDropZone label="Add a document" onFiles={jest.fn()} chosen={['report.pdf']} error="That file is over 5 MB" />);
    expect(screen.getByRole('list', { name: 'Chosen files' })).toHaveTextContent('report.pdf');
    const input = screen.getByLabelText('Add a document');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(/That file is over 5 MB/);
  });

  it('while uploading (or disabled) takes no file and says so', () => {
    const onFiles = jest.fn();
    const { container } = render(<FileDropZone label="Add a document" onFiles={onFiles} loading />);
    const input = screen.getByLabelText('Add a document');
    expect(input).toBeDisabled();
    expect(input).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText(/Uploading…/)).toBeInTheDocument();
    const zone = container.querySelector('.hv-dropzone') as HTMLElement;
    const drop = createEvent.drop(zone);
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [report] } });
    fireEvent(zone, drop);
    expect(onFiles).not.toHaveBeenCalled();
  });
});
