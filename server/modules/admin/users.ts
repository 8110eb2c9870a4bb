import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps';
import { userLinkRoutes } from './user-links';
import { userReadRoutes } from './users-read';
import { userWriteRoutes } from './users-write';

/** /sys/user: list, forms, recycle bin, freezing, password reset, role and department members. */
export function userRoutes(api: FastifyInstance, deps: AppDeps): void {
  userReadRoutes(api, deps);
  userWriteRoutes(api, deps);
  userLinkRoutes(api, deps);
}
