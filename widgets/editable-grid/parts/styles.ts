import { SUBFORM_Z_INDEX } from './layout';

const CSS = `
.eg{position:relative;font-size:14px}
.eg-scroll{overflow:auto;position:relative;border:1px solid #f0f0f0}
.eg-header,.eg-row,.eg-footer-row{display:flex}
.eg-header{position:sticky;top:0;z-index:3;background:#fafafa;font-weight:500}
.eg-footer-row{position:sticky;bottom:0;z-index:2;background:#fafafa}
.eg-th,.eg-td{flex:none;box-sizing:border-box;padding:0 8px;display:flex;align-items:center;border-bottom:1px solid #f0f0f0;overflow:hidden}
.eg-row>.eg-td{contain:layout style}
.eg-bordered .eg-th,.eg-bordered .eg-td{border-right:1px solid #f0f0f0}
.eg-th{height:40px}
.eg-row{position:absolute;left:0;background:#fff;contain:layout style}
.eg-row:hover{background:#fafafa}
.eg-row-selected{background:#e6f4ff}
.eg-td-text{white-space:nowrap;overflow:hidden;text-overflow:ellipsis;width:100%;min-height:22px;cursor:text}
.eg-td-disabled .eg-td-text{cursor:not-allowed;color:rgba(0,0,0,.45)}
.eg-td-error{box-shadow:inset 0 0 0 1px #ff4d4f}
.eg-required{color:#ff4d4f;margin-right:2px}
.eg-highlight{animation:eg-reload 1400ms ease-out}
.eg-scrolling .eg-highlight{animation:none}
@keyframes eg-reload{from{background:#fff1b8}to{background:transparent}}
.eg-drag{cursor:move}
.eg-fixed{background:inherit}
.eg-fixed-left-last{box-shadow:inset -1px 0 0 #f0f0f0,6px 0 6px -4px rgba(0,0,0,.12)}
.eg-fixed-right-first{box-shadow:inset 1px 0 0 #f0f0f0,-6px 0 6px -4px rgba(0,0,0,.12)}
.eg-fixed-left-last.eg-td-error{box-shadow:inset 0 0 0 1px #ff4d4f,6px 0 6px -4px rgba(0,0,0,.12)}
.eg-fixed-right-first.eg-td-error{box-shadow:inset 0 0 0 1px #ff4d4f,-6px 0 6px -4px rgba(0,0,0,.12)}
.eg-td-focus{outline:2px solid #1677ff;outline-offset:-2px}
.eg-scroll:focus{outline:none}
.eg-toolbar{display:flex;gap:8px;align-items:center;margin-bottom:8px;flex-wrap:wrap}
.eg-size-small .eg-th{height:36px}.eg-size-mini .eg-th,.eg-size-tiny .eg-th{height:32px}
.eg-size-tiny{font-size:12px}
.eg-subform{position:absolute;z-index:${SUBFORM_Z_INDEX};background:#fff;box-shadow:0 6px 16px rgba(0,0,0,.12);border-radius:6px;padding:8px 12px}
.ant-formily-item-error .eg :is(.ant-input,.ant-input-number,.ant-picker,.ant-select-selector,.ant-input-affix-wrapper,.ant-cascader-picker){border-color:#d9d9d9 !important}
.ant-formily-item-error .eg :is(.ant-input:focus,.ant-input-focused,.ant-input-number-focused,.ant-picker-focused,.ant-select-focused .ant-select-selector,.ant-input-affix-wrapper-focused){border-color:#4096ff !important;box-shadow:0 0 0 2px rgba(5,145,255,.1)}
.eg-expand{position:absolute;left:0;background:#fbfbfb;border-bottom:1px solid #f0f0f0;padding:8px}
`;

let injected = false;

/** The grid's stylesheet, added to the document once. */
export function injectGridStyles(): void {
  if (injected || typeof document === 'undefined') return;
  injected = true;
  const el = document.createElement('style');
  el.setAttribute('data-editable-grid', '');
  el.textContent = CSS;
  document.head.appendChild(el);
}
