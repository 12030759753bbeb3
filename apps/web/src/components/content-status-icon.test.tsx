import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '../testing/render-component';
import { ContentStatusIcon } from './content-status-icon';

const UNLISTED = 'Unlisted: anyone with the link can see it';

describe('ContentStatusIcon', () => {
  it('draws the icon at once and, once the tooltip has loaded, shows its hint on hover', async () => {
    const { user } = renderComponent(<ContentStatusIcon status="unlisted" />);
    expect(screen.getByTestId('LockOpenIcon')).toHaveAccessibleName(UNLISTED);
    // The tooltip labels the icon's wrapper when it has loaded (it is fetched when first drawn).
    const target = await screen.findByLabelText(UNLISTED, { selector: 'span' });
    expect(target).toContainElement(screen.getByTestId('LockOpenIcon'));
    await user.hover(target);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(UNLISTED);
  });
});
