import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CallToActionView } from './widget-views';

describe('CallToActionView', () => {
  it('links a checked target, and a javascript: target stored before the check nowhere', () => {
    render(<CallToActionView widget={{ kind: 'callToAction', text: 'Register', target: '/events' }} />);
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/events');
    render(
      <CallToActionView
        widget={{ kind: 'callToAction', text: 'Win a prize', target: 'javascript:alert(1)' }}
      />,
    );
    expect(screen.getByRole('link', { name: 'Win a prize' }).getAttribute('href')).toBe('#');
  });
});
