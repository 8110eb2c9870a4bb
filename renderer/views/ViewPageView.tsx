import { Card, Spin } from 'antd';
import type { ViewPage } from '@contract/schema-types.gen';
import { ViewSlot } from './ViewSlot';

const ignore = () => undefined;

/** A page that is a registered view: the page title's card around it. */
export function ViewPageView({ schema }: { schema: ViewPage }) {
  return (
    <Card title={schema.title}>
      <ViewSlot name={schema.view} props={schema.props ?? {}} onClose={ignore} onChanged={ignore} fallback={<Spin />} />
    </Card>
  );
}
