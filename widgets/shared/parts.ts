import type { FieldParts } from '@renderer/registry';
import { JModalField } from './JModalField';
import { JFormValues } from './JFormValues';

export const JModalParts: FieldParts = { component: JModalField, readPretty: JModalField };
export const JFormValuesParts: FieldParts = { component: JFormValues, readPretty: JFormValues };
