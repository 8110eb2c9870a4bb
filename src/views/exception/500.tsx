import { ExceptionPage } from '../../components/ExceptionPage';

export default function Exception500() {
  return <ExceptionPage status={500} />;
}
