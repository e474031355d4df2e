import * as z from 'zod';
import { valuationStatuses } from './valuation.sql';

export const valuationPageSchema = z.object({ cursor: z.string().max(500).optional() });
export const valuationStatusSchema = z.object({ id: z.uuid(), status: z.enum(valuationStatuses) });
