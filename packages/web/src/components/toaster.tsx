import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { cx } from '../lib/cx';
import { IconButton } from './icon-button';
import { AlertIcon, CheckCircleIcon, CloseIcon, InfoIcon } from './icons';
import styles from './toast.module.css';

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface ToastOptions {
  /** Milliseconds before it disappears; 0 keeps it until closed. Default 4000 (errors 6000). */
  duration?: number;
}

export interface ToastItem {
  id: number;
  tone: ToastTone;
  message: string;
  duration: number;
}

export interface ToastApi {
  show: (tone: ToastTone, message: string, options?: ToastOptions) => number;
  success: (message: string, options?: ToastOptions) => number;
  error: (message: string, options?: ToastOptions) => number;
  warning: (message: string, options?: ToastOptions) => number;
  info: (message: string, options?: ToastOptions) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const MAX_VISIBLE = 4;

/** Holds the app toasts ('Added to Cart', 'Failed to Login' ...) and renders the stack. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);

  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const show = useCallback((tone: ToastTone, message: string, options: ToastOptions = {}) => {
    const id = nextId.current++;
    const duration = options.duration ?? (tone === 'error' || tone === 'warning' ? 6000 : 4000);
    setToasts((current) => [...current, { id, tone, message, duration }].slice(-MAX_VISIBLE));
    return id;
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      warning: (message, options) => show('warning', message, options),
      info: (message, options) => show('info', message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <div className={styles.region} aria-label="Notifications" role="region">
        {toasts.map((toast) => (
          <Toast key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: (id: number) => void }) {
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = setTimeout(() => onDismiss(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration, onDismiss]);

  const urgent = toast.tone === 'error' || toast.tone === 'warning';
  const Icon = toast.tone === 'success' ? CheckCircleIcon : urgent ? AlertIcon : InfoIcon;
  return (
    <div className={cx(styles.toast, styles[toast.tone])} role={urgent ? 'alert' : 'status'}>
      <Icon size={18} className={styles.icon} />
      <p className={styles.text} style={{ margin: 0 }}>
        {toast.message}
      </p>
      <IconButton
        aria-label="Dismiss notification"
        icon={<CloseIcon size={16} />}
        size="sm"
        className={styles.close}
        onClick={() => onDismiss(toast.id)}
      />
    </div>
  );
}

/** Shows app toasts: `const toast = useToast(); toast.success('Added to Cart')`. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider> (AppProviders includes it).');
  return api;
}
