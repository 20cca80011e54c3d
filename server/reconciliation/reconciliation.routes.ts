// Admin routes of bank statement reconciliation: upload a statement (multipart: `statement`, and
// `bank` + `mapping` for a layout we do not know), list the statements uploaded lately, read a
// reconciliation again, approve its matches.
// Reviewers may use them: reconciling is reviewing payments (server/admins/role-guard.ts).
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApproveMatchedResponseSchema, ReconcileFieldsSchema, ReconciliationListSchema, ReconciliationSchema, STATEMENT_MAX_BYTES } from '../../contract/reconciliation.ts';
import type { AppContext } from '../context.ts';
import { AppError, badRequest } from '../errors.ts';
import { clientIp, requireAdmin } from '../sessions/auth.ts';
import { approveMatched, LayoutUnknownError, listReconciliations, readReconciliation, uploadStatement } from './reconciliation.service.ts';

const NO_FILE_MESSAGE = 'Choose the bank statement file to upload';

async function readStatementForm(request: FastifyRequest): Promise<{ bytes: Buffer; fileName: string; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw badRequest(NO_FILE_MESSAGE, 'VALIDATION_FAILED', { statement: NO_FILE_MESSAGE });
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  let tooLarge = false;
  for await (const part of request.parts({ limits: { fileSize: STATEMENT_MAX_BYTES } })) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'statement') continue;
      if (part.file.truncated) tooLarge = true;
      else file = { bytes: Buffer.concat(chunks), fileName: part.filename ?? 'statement.csv' };
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (tooLarge) throw new AppError('FILE_TOO_LARGE', 'The statement file is larger than 10 MB: export one month at a time', 413);
  if (!file) throw badRequest(NO_FILE_MESSAGE, 'VALIDATION_FAILED', { statement: NO_FILE_MESSAGE });
  return { ...file, fields };
}

export function reconciliationRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/reconciliation', async (request, reply) => {
      const admin = requireAdmin(request);
      const form = await readStatementForm(request);
      const fields = ReconcileFieldsSchema.parse(form.fields);
      try {
        const result = await uploadStatement(ctx, { id: admin.id, ip: clientIp(request) }, { bytes: form.bytes, fileName: form.fileName }, fields);
        return reply.status(201).send(ReconciliationSchema.parse(result));
      } catch (err) {
        if (err instanceof LayoutUnknownError) return reply.status(422).send(err.body);
        throw err;
      }
    });

    app.get('/reconciliation', async (request) => {
      requireAdmin(request);
      return ReconciliationListSchema.parse(await listReconciliations(ctx));
    });

    app.get<{ Params: { id: string } }>('/reconciliation/:id', async (request) => {
      requireAdmin(request);
      return ReconciliationSchema.parse(await readReconciliation(ctx, request.params.id));
    });

    app.post<{ Params: { id: string } }>('/reconciliation/:id/approve-matched', async (request) => {
      const admin = requireAdmin(request);
      return ApproveMatchedResponseSchema.parse(await approveMatched(ctx, { id: admin.id, ip: clientIp(request) }, request.params.id));
    });
  };
}
