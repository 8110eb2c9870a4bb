import type { FieldParts } from '@renderer/registry';
import { JModalField } from './JModalField';

export const JModalParts: FieldParts = { component: JModalField, readPretty: JModalField };
