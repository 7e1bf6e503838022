import { describe, expect, it } from 'vitest';
import { AuthMessages } from '../../../contract/auth';
import { AuthTexts } from './texts';

describe('AuthTexts', () => {
  it('are the contract texts, word for word', () => {
    for (const [key, text] of Object.entries(AuthTexts)) {
      expect(AuthMessages[key as keyof typeof AuthMessages]).toBe(text);
    }
  });
});
