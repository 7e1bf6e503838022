// @vitest-environment jsdom
import { MantineProvider, Modal, Select, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReportIssueModal, type IssueReport } from './ReportIssueModal';

// Modals and dropdowns open without a transition: under jsdom they never mount their content otherwise.
const theme = createTheme({
  components: {
    Modal: Modal.extend({ defaultProps: { transitionProps: { duration: 0 } } }),
    Select: Select.extend({
      defaultProps: { comboboxProps: { transitionProps: { duration: 0 } } },
    }),
  },
});

function open(
  sent: IssueReport[],
  closed: string[],
  onSend = async (report: IssueReport) => {
    sent.push(report);
  },
) {
  render(
    <MantineProvider theme={theme}>
      <Notifications />
      <ReportIssueModal
        opened
        onClose={() => closed.push('closed')}
        types={['Item damaged', 'Other']}
        onSend={onSend}
      />
    </MantineProvider>,
  );
}

// jsdom has no document.fonts; the note's autosize listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });
}

afterEach(cleanup);

describe('ReportIssueModal', () => {
  it('asks for the type first and sends nothing without it', async () => {
    const sent: IssueReport[] = [];
    const closed: string[] = [];
    open(sent, closed);
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findAllByText('Please select the type of your issue')).not.toHaveLength(0);
    expect(sent).toEqual([]);
    expect(closed).toEqual([]);
  });

  it('sends the type, the trimmed note and the recipient, then thanks that recipient', async () => {
    const sent: IssueReport[] = [];
    const closed: string[] = [];
    open(sent, closed);
    fireEvent.click(screen.getByPlaceholderText('Select the type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Item damaged' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Both' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: '  corner broken ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText(
        'Thank you, the Warehouse Manager and Order manager have been notified!',
      ),
    ).toBeTruthy();
    expect(sent).toEqual([{ type: 'Item damaged', note: 'corner broken', managerId: 3 }]);
    await waitFor(() => expect(closed).toEqual(['closed']));
  });

  it('stays open with what was typed when the device cannot save the report', async () => {
    const closed: string[] = [];
    let fail = true;
    const sent: IssueReport[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    open(sent, closed, async (report) => {
      if (fail) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      sent.push(report);
    });
    fireEvent.click(screen.getByPlaceholderText('Select the type'));
    fireEvent.click(await screen.findByRole('option', { name: 'Other' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), {
      target: { value: 'shelf loose' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText(/This device's storage is full/)).toBeTruthy();
    expect(screen.getByText(/your report was NOT saved/)).toBeTruthy();
    expect(screen.queryByText('Thank you, the Warehouse Manager has been notified!')).toBeNull();
    expect(closed).toEqual([]);
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveProperty('value', 'shelf loose');

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(
      await screen.findByText('Thank you, the Warehouse Manager has been notified!'),
    ).toBeTruthy();
    expect(sent).toEqual([{ type: 'Other', note: 'shelf loose', managerId: 1 }]);
    vi.restoreAllMocks();
  });
});
