import { lazy } from 'react';

/**
 * The support dialog (001 §2 Support dialog), loaded when a signed-in user first picks Support in the
 * help menu or the hamburger menu. Props as `SupportDialog`: `onClose`.
 */
export const LazySupportDialog = lazy(async () => ({
  default: (await import('../../features/forms/components/support-dialog')).SupportDialog,
}));
