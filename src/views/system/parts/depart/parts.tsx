import type { FieldParts } from '@renderer/registry';
import { DepartManager } from './DepartManager';
import { MyDepartManager } from './MyDepartManager';

export const DepartManagerParts: FieldParts = { component: DepartManager, readPretty: DepartManager };
export const MyDepartManagerParts: FieldParts = { component: MyDepartManager, readPretty: MyDepartManager };
