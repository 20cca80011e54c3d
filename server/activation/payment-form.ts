// Reads the multipart payment-proof form: the screenshot into memory (bounded to the payment limit)
// and the text fields. HTTP-only concern; the service gets plain bytes and strings.
import type { FastifyRequest } from 'fastify';
import { PAYMENT_SCREENSHOT_MAX_BYTES } from '../../contract/constants.ts';
import { MISSING_PAYMENT_PROOF_MESSAGE } from '../../contract/activation.ts';
import { AppError, badRequest } from '../errors.ts';
import type { PaymentSubmission } from './activation.service.ts';

export async function readPaymentForm(request: FastifyRequest): Promise<PaymentSubmission> {
  if (!request.isMultipart()) throw badRequest(MISSING_PAYMENT_PROOF_MESSAGE, 'VALIDATION_FAILED');
  const fields: Record<string, string> = {};
  let screenshot: Buffer | null = null;
  let tooLarge = false;
  // Our own bound below the app-wide 10 MB: busboy stops at the limit and marks the file truncated.
  // throwFileSizeLimit is honoured per call at run time though the typings only list it on the plugin options.
  const options = { limits: { fileSize: PAYMENT_SCREENSHOT_MAX_BYTES }, throwFileSizeLimit: false };
  const parts = request.parts(options);
  for await (const part of parts) {
    if (part.type === 'file') {
      const chunks: Buffer[] = [];
      for await (const chunk of part.file) chunks.push(chunk as Buffer);
      if (part.fieldname !== 'screenshot') continue;
      if (part.file.truncated) {
        tooLarge = true;
        continue;
      }
      screenshot = Buffer.concat(chunks);
    } else if (typeof part.value === 'string') {
      fields[part.fieldname] = part.value;
    }
  }
  if (tooLarge) throw new AppError('FILE_TOO_LARGE', 'File too large', 413);
  return { screenshot, fields };
}
