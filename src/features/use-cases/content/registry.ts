import type { UseCaseSlug } from '@/config/paths';
import { afterService } from '@/features/use-cases/content/after-service';
import { ecommerce } from '@/features/use-cases/content/ecommerce';
import { education } from '@/features/use-cases/content/education';
import { finance } from '@/features/use-cases/content/finance';
import { healthcare } from '@/features/use-cases/content/healthcare';
import { loadtrackCheckins } from '@/features/use-cases/content/loadtrack-checkins';
import { petcare } from '@/features/use-cases/content/petcare';
import { preAuthAssistant } from '@/features/use-cases/content/pre-auth-assistant';
import { realEstate } from '@/features/use-cases/content/real-estate';
import { rentDueCalls } from '@/features/use-cases/content/rent-due-calls';
import { rxClarification } from '@/features/use-cases/content/rx-clarification';
import { safecheckAttendance } from '@/features/use-cases/content/safecheck-attendance';
import { shiftFill } from '@/features/use-cases/content/shift-fill';
import { tenantNotice } from '@/features/use-cases/content/tenant-notice';
import type { UseCaseContent } from '@/features/use-cases/content/types';

/** Slug → page content. Typed as a full Record so a new slug without content fails to compile. */
export const useCaseContent: Record<UseCaseSlug, UseCaseContent> = {
  healthcare,
  'shift-fill': shiftFill,
  'after-service': afterService,
  'tenant-notice': tenantNotice,
  'rent-due-calls': rentDueCalls,
  'safecheck-attendance': safecheckAttendance,
  'loadtrack-checkins': loadtrackCheckins,
  petcare,
  'pre-auth-assistant': preAuthAssistant,
  'rx-clarification': rxClarification,
  ecommerce,
  'real-estate': realEstate,
  finance,
  education,
};
