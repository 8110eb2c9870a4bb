import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button, Divider, Select, Space, Tooltip, message } from 'antd';
import {
  AlignCenterOutlined,
  AlignLeftOutlined,
  AlignRightOutlined,
  BoldOutlined,
  ClearOutlined,
  DisconnectOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  ItalicOutlined,
  LinkOutlined,
  MenuOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { useRenderer } from '@renderer/context';
import { CHINESE_FONT_SIZES, RICH_TEXT_HEIGHT, editorImageSource, readAsDataUrl, sanitizeRichText } from './rich-text';

export interface JEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  height?: number;
  disabled?: boolean;
}

const exec = (command: string, argument?: string) => document.execCommand(command, false, argument);

interface EditorToolbarProps {
  disabled?: boolean;
  full: boolean;
  run(command: string, argument?: string): void;
  setFontSize(pt: number): void;
  onPickImage(): void;
  onToggleFull(): void;
}

function EditorToolbar({ disabled, full, run, setFontSize, onPickImage, onToggleFull }: EditorToolbarProps) {
  const tool = (title: string, icon: ReactNode, onClick: () => void) => (
    <Tooltip title={title} key={title}>
      <Button
        size="small"
        type="text"
        aria-label={title}
        icon={icon}
        disabled={disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );

  return (
    <Space size={0} wrap style={{ borderBottom: '1px solid #f0f0f0', padding: 2, width: '100%' }}>
      {tool('撤销', <UndoOutlined />, () => run('undo'))}
      {tool('重做', <RedoOutlined />, () => run('redo'))}
      <Select
        size="small"
        aria-label="段落格式"
        placeholder="段落"
        disabled={disabled}
        style={{ width: 88 }}
        onChange={(tag: string) => run('formatBlock', tag)}
        options={[
          { value: 'p', label: '段落' },
          { value: 'h1', label: '标题1' },
          { value: 'h2', label: '标题2' },
          { value: 'h3', label: '标题3' },
          { value: 'pre', label: '预格式' },
        ]}
      />
      <Select
        size="small"
        aria-label="字号"
        placeholder="字号"
        disabled={disabled}
        style={{ width: 80 }}
        onChange={(pt: number) => setFontSize(pt)}
        options={CHINESE_FONT_SIZES.map((size) => ({ value: size.pt, label: size.name }))}
      />
      {tool('加粗', <BoldOutlined />, () => run('bold'))}
      {tool('斜体', <ItalicOutlined />, () => run('italic'))}
      <Divider type="vertical" />
      {tool('左对齐', <AlignLeftOutlined />, () => run('justifyLeft'))}
      {tool('居中', <AlignCenterOutlined />, () => run('justifyCenter'))}
      {tool('右对齐', <AlignRightOutlined />, () => run('justifyRight'))}
      {tool('两端对齐', <MenuOutlined />, () => run('justifyFull'))}
      <Divider type="vertical" />
      {tool('无序列表', <UnorderedListOutlined />, () => run('insertUnorderedList'))}
      {tool('有序列表', <OrderedListOutlined />, () => run('insertOrderedList'))}
      {tool('减少缩进', <span>⇤</span>, () => run('outdent'))}
      {tool('增加缩进', <span>⇥</span>, () => run('indent'))}
      <Divider type="vertical" />
      {tool('链接', <LinkOutlined />, () => {
        const url = window.prompt('链接地址');
        if (url) run('createLink', url);
      })}
      {tool('取消链接', <DisconnectOutlined />, () => run('unlink'))}
      {tool('图片', <PictureOutlined />, onPickImage)}
      {tool('清除格式', <ClearOutlined />, () => run('removeFormat'))}
      {tool(full ? '退出全屏' : '全屏', full ? <FullscreenExitOutlined /> : <FullscreenOutlined />, onToggleFull)}
    </Space>
  );
}

/** Rich-text editor: toolbar, Chinese font sizes, image upload (biz=jeditor), sanitised HTML out. */
export function JEditor({ value = '', onChange, height = RICH_TEXT_HEIGHT, disabled }: JEditorProps) {
  const { data } = useRenderer();
  const area = useRef<HTMLDivElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef<string | null>(null);
  const savedRange = useRef<Range | null>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    if (area.current && value !== lastEmitted.current) {
      area.current.innerHTML = sanitizeRichText(value);
      lastEmitted.current = value;
    }
  }, [value]);

  const emit = () => {
    if (!area.current) return;
    const html = sanitizeRichText(area.current.innerHTML);
    lastEmitted.current = html;
    onChange?.(html);
  };
  /** Toolbar selects take the focus; remember the editor's selection so commands still apply to it. */
  const saveSelection = () => {
    const selection = document.getSelection();
    if (selection && selection.rangeCount && area.current?.contains(selection.anchorNode))
      savedRange.current = selection.getRangeAt(0).cloneRange();
  };
  const restoreSelection = () => {
    area.current?.focus();
    const selection = document.getSelection();
    if (savedRange.current && selection) {
      selection.removeAllRanges();
      selection.addRange(savedRange.current);
    }
  };
  const run = (command: string, argument?: string) => {
    restoreSelection();
    exec(command, argument);
    emit();
  };
  const setFontSize = (pt: number) => {
    restoreSelection();
    exec('fontSize', '7');
    area.current?.querySelectorAll('font[size="7"]').forEach((font) => {
      const span = document.createElement('span');
      span.style.fontSize = `${pt}pt`;
      span.innerHTML = font.innerHTML;
      font.replaceWith(span);
    });
    emit();
  };
  const uploadImage = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    form.append('biz', 'jeditor');
    form.append('jeditor', '1');
    try {
      const done = await data.upload<unknown>(form);
      const src = editorImageSource(done.message, await readAsDataUrl(file), (path) => data.fileUrl(path));
      run('insertImage', src);
    } catch (error) {
      message.error(`${file.name} 上传失败.`);
    }
  };

  return (
    <div
      className="j-editor"
      style={full ? { position: 'fixed', inset: 0, zIndex: 1000, background: '#fff' } : { border: '1px solid #d9d9d9' }}
    >
      <EditorToolbar
        disabled={disabled}
        full={full}
        run={run}
        setFontSize={setFontSize}
        onPickImage={() => fileInput.current?.click()}
        onToggleFull={() => setFull(!full)}
      />
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        hidden
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) void uploadImage(file);
          event.target.value = '';
        }}
      />
      <div
        ref={area}
        role="textbox"
        aria-multiline
        aria-label="富文本内容"
        contentEditable={!disabled}
        suppressContentEditableWarning
        onInput={emit}
        onBlur={() => {
          saveSelection();
          emit();
        }}
        onKeyUp={saveSelection}
        onMouseUp={saveSelection}
        style={{ height: full ? 'calc(100vh - 40px)' : height, overflowY: 'auto', padding: 8, outline: 'none' }}
      />
    </div>
  );
}

export function RichTextPretty({ value }: { value?: string }) {
  return <div className="j-editor-pretty" dangerouslySetInnerHTML={{ __html: sanitizeRichText(value ?? '') }} />;
}
