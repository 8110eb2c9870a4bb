import { CONSULT_PHONE, COPYRIGHT_LINE } from '../config';

export function GlobalFooter() {
  return (
    <footer style={{ textAlign: 'center', color: 'rgba(0,0,0,.45)', padding: '16px 0', fontSize: 14 }}>
      <div>{COPYRIGHT_LINE}</div>
      <div>咨询电话：{CONSULT_PHONE}</div>
    </footer>
  );
}
