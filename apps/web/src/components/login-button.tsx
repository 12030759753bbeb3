import LoginIcon from '@mui/icons-material/Login';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useLocation } from 'react-router';
import { loginPath } from '../lib/session';

/**
 * A Login button that starts sign-in from the current address, so that courseware pages come back to
 * where the user was (001 §2 /login). Props: those of an MUI Button (variant, size, sx…).
 */
export function LoginButton(props: Omit<ButtonProps, 'href'>) {
  const location = useLocation();
  return (
    <Button
      variant="contained"
      startIcon={<LoginIcon />}
      {...props}
      href={loginPath(location.pathname + location.search)}
    >
      {props.children ?? 'Login'}
    </Button>
  );
}
