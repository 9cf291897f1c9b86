// The shared UI kit. Import from '.' (or '@/components' style relative paths).
export { BookCover, type BookCoverProps } from './book-cover';
export { Badge, type BadgeProps, type BadgeTone } from './badge';
export { Brand, type BrandProps } from './brand';
export { Breadcrumb, type BreadcrumbItem } from './breadcrumb';
export { Button, ButtonLink, buttonClassName, type ButtonProps, type ButtonLinkProps, type ButtonVariant, type ButtonSize } from './button';
export { Card, type CardProps } from './card';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
export { type Column, DataTable, type DataTableProps, TableRegion } from './data-table';
export { Dialog, type DialogProps } from './dialog';
export { Drawer, type DrawerProps } from './drawer';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { ErrorState, type ErrorStateProps, LoadFailed } from './error-state';
export { TextField, type TextFieldProps } from './form-fields';
export {
  Checkbox,
  PasswordField,
  SelectField,
  Textarea,
  Toggle,
  type CheckboxProps,
  type PasswordFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type TextareaProps,
  type ToggleProps,
} from './form-controls';
export { IconButton, type IconButtonProps } from './icon-button';
export { Link, NavLink, type LinkProps, type NavLinkProps, type NavLinkRenderProps } from './link';
export * from './icons';
export { PageHeader, type PageHeaderProps } from './page-header';
export { OrderTimeline } from './order-timeline';
export { Pager, type PagerProps } from './pager';
export { Price, type PriceProps } from './price';
export { QuantityStepper, type QuantityStepperProps } from './quantity-stepper';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Spinner, type SpinnerProps } from './spinner';
export { StarRating, StarRatingInput, type StarRatingProps, type StarRatingInputProps } from './star-rating';
export { ToastProvider, useToast, type ToastApi, type ToastTone, type ToastOptions } from './toaster';
