import { ExceptionPage } from '../../components/ExceptionPage';

export default function Exception404() {
  return <ExceptionPage status={404} />;
}
