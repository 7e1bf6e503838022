import { useState } from 'react';
import { formProblems } from '../../api/errors';
import { showApiError } from '../../ui/notify';

/**
 * The Project screen's forms: the messages listed in the form and whether a save is under way.
 * `send` runs a save; a refused one (400) lists the server's messages in the form, any other
 * failure is shown as an error. It answers false when the save failed.
 */
export function useFormSend() {
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);

  async function send(save: () => Promise<void>): Promise<boolean> {
    setSaving(true);
    try {
      await save();
      return true;
    } catch (error) {
      const refused = await formProblems(error);
      if (refused) setProblems(refused);
      else await showApiError(error);
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { problems, setProblems, saving, send };
}
