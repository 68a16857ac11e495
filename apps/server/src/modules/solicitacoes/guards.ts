import type { FastifyRequest } from 'fastify';
import { creationProblem, formAccessProblem, type Flow, type Kind } from '@portal/domain';
import { forbidden } from '../../http/errors.ts';

/**
 * onRequest hooks of the request forms, run after `authenticate` and before any body is read or
 * validated: a caller who may not do this learns nothing from the payload and uploads nothing.
 */
type Guard = (request: FastifyRequest) => Promise<void>;

const refuseIf =
  (problemOf: (request: FastifyRequest) => string | null): Guard =>
  async (request) => {
    const problem = problemOf(request);
    if (problem) throw forbidden(problem);
  };

/** Every call of a form: the user's menu must hold the form's entry. */
export const formGuard = (flow: Flow, kind: Kind): Guard =>
  refuseIf((request) => formAccessProblem(request.user, flow, kind));

/** add: the profile writes, the group holds "cadastro" and its role creates on this form. */
export const creationGuard = (flow: Flow, kind: Kind): Guard =>
  refuseIf((request) => creationProblem(request.user, flow, kind));
