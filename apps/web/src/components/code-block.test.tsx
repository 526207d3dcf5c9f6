import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CodeBlock } from './code-block';

describe('code block', () => {
  it('is a named region the keyboard can reach, so a long payload can be scrolled without a mouse', () => {
    render(<CodeBlock label="Payload">{'{\n  "a": 1\n}'}</CodeBlock>);
    const block = screen.getByRole('region', { name: 'Payload' });
    expect(block.tagName).toBe('PRE');
    expect(block.tabIndex).toBe(0);
    expect(block.textContent).toBe('{\n  "a": 1\n}');
  });
});
