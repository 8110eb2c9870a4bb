import { ExceptionPage } from '../../components/ExceptionPage';

export default function Exception403() {
  return <ExceptionPage status={403} />;
}
