import { ActionIcon, TextInput, type TextInputProps } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { normalizeCode } from './normalize';
import { SCAN_IGNORE_ATTRIBUTE } from './wedge';

type ManualCodeInputProps = {
  /** Called with the normalized code when the user presses Enter or the button. */
  onSubmit: (code: string) => void;
  label?: string;
  placeholder?: string;
  disabled?: boolean;
} & Pick<TextInputProps, 'size' | 'w' | 'style' | 'aria-label'>;

/** A field for typing a code by hand; submits on Enter and clears itself. */
export function ManualCodeInput({
  onSubmit,
  label,
  placeholder = 'Type the code',
  disabled,
  'aria-label': ariaLabel = 'Code',
  ...rest
}: ManualCodeInputProps) {
  const [value, setValue] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizeCode(value);
    if (!code) return;
    setValue('');
    onSubmit(code);
  };

  return (
    // The wedge detector leaves this field alone: its own Enter submits what was typed into it.
    <form onSubmit={submit} {...{ [SCAN_IGNORE_ATTRIBUTE]: '' }} style={{ display: 'contents' }}>
      <TextInput
        {...rest}
        label={label}
        aria-label={label ? undefined : ariaLabel}
        placeholder={placeholder}
        value={value}
        disabled={disabled}
        onChange={(event) => setValue(event.currentTarget.value)}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        enterKeyHint="go"
        rightSection={
          <ActionIcon
            type="submit"
            variant="subtle"
            aria-label="Use code"
            disabled={disabled || !value.trim()}
          >
            <IconArrowRight size={16} />
          </ActionIcon>
        }
      />
    </form>
  );
}
