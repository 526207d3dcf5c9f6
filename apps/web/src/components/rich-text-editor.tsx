import { isConsolePath } from '@parlour/contract/console-path';
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Input, Popover, Space, Tooltip } from 'antd';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RichTextEditorProps {
  /** HTML. */
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  disabled?: boolean;
  'aria-invalid'?: boolean;
  /** Names the text area (e.g. which language's content it holds); defaults to "content". */
  'aria-label'?: string;
}

/** The links the server keeps: absolute http(s)/mailto, or a console path on this origin (`/merchant/bill`). */
const isSafeLink = (href: string) => /^(https?:\/\/|mailto:)/i.test(href) || isConsolePath(href);

/**
 * A small formatting editor: bold, italic, underline, lists, headings and links over a
 * contenteditable area, with HTML as its value (an antd form control). The server keeps only its
 * allowlist of tags anyway, so the editor does not try to be exhaustive.
 */
export function RichTextEditor({ value = '', onChange, id, disabled = false, ...rest }: RichTextEditorProps) {
  const { t } = useTranslation();
  const areaRef = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const [isLinkOpen, setIsLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');

  // Only write the value in when it differs from what is shown: rewriting on every keystroke would move the caret.
  useEffect(() => {
    const area = areaRef.current;
    if (area && area.innerHTML !== value) area.innerHTML = value;
  }, [value]);

  const emit = () => onChange?.(areaRef.current?.innerHTML ?? '');
  const run = (command: string, argument?: string) => {
    areaRef.current?.focus();
    document.execCommand(command, false, argument);
    emit();
  };
  const saveSelection = () => {
    const selection = window.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
  };
  const insertLink = () => {
    const href = link.trim();
    if (!isSafeLink(href)) return;
    areaRef.current?.focus();
    const selection = window.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
    if (selection && selection.isCollapsed)
      document.execCommand(
        'insertHTML',
        false,
        `<a href="${href.replace(/"/g, '&quot;')}">${href.replace(/</g, '&lt;')}</a>`,
      );
    else document.execCommand('createLink', false, href);
    emit();
    setIsLinkOpen(false);
    setLink('https://');
  };

  const tool = (label: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={label}>
      {/* Keep the selection in the text while pressing a tool. */}
      <Button
        size="small"
        type="text"
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
  const heading = (level: 2 | 3) => (
    <Button
      size="small"
      type="text"
      aria-label={t('richTextEditor.heading', { level })}
      disabled={disabled}
      onMouseDown={(event) => event.preventDefault()}
      onClick={() => run('formatBlock', `<h${level}>`)}
    >
      H{level}
    </Button>
  );

  return (
    <div className={`rich-text-editor${disabled ? ' rich-text-editor--disabled' : ''}`}>
      <Space
        size={2}
        wrap
        className="rich-text-editor__toolbar"
        role="toolbar"
        aria-label={t('richTextEditor.toolbar')}
      >
        {tool(t('richTextEditor.bold'), <BoldOutlined />, () => run('bold'))}
        {tool(t('richTextEditor.italic'), <ItalicOutlined />, () => run('italic'))}
        {tool(t('richTextEditor.underline'), <UnderlineOutlined />, () => run('underline'))}
        {heading(2)}
        {heading(3)}
        <Button
          size="small"
          type="text"
          aria-label={t('richTextEditor.paragraph')}
          disabled={disabled}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => run('formatBlock', '<p>')}
        >
          ¶
        </Button>
        {tool(t('richTextEditor.bulletList'), <UnorderedListOutlined />, () => run('insertUnorderedList'))}
        {tool(t('richTextEditor.numberedList'), <OrderedListOutlined />, () => run('insertOrderedList'))}
        <Popover
          open={isLinkOpen}
          onOpenChange={(open) => {
            if (open) saveSelection();
            setIsLinkOpen(open);
          }}
          trigger="click"
          content={
            <Space.Compact>
              <Input
                size="small"
                value={link}
                onChange={(event) => setLink(event.target.value)}
                onPressEnter={insertLink}
                aria-label={t('richTextEditor.linkUrl')}
                status={link && !isSafeLink(link.trim()) ? 'error' : undefined}
                style={{ width: 240 }}
              />
              <Button size="small" type="primary" onClick={insertLink} disabled={!isSafeLink(link.trim())}>
                {t('richTextEditor.insertLink')}
              </Button>
            </Space.Compact>
          }
        >
          <Tooltip title={t('richTextEditor.link')}>
            <Button
              size="small"
              type="text"
              icon={<LinkOutlined />}
              aria-label={t('richTextEditor.link')}
              disabled={disabled}
              onMouseDown={(event) => event.preventDefault()}
            />
          </Tooltip>
        </Popover>
      </Space>
      <div
        ref={areaRef}
        id={id}
        className="rich-text rich-text-editor__area"
        contentEditable={!disabled}
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-label={rest['aria-label'] ?? t('richTextEditor.content')}
        aria-invalid={rest['aria-invalid']}
        onInput={emit}
        onBlur={emit}
      />
    </div>
  );
}
