// What the auth modal gives each of its views (sign-in or sign-up, and the reset request): its own file, so the
// modal and the views it shows do not import each other.
export interface ViewProps {
  /** The address typed in the other view; empty when the modal opened on this one. */
  initialEmail: string;
  /**
   * Focus the first field when shown: a view that replaces the other one removed the element that had the
   * focus. Not when the modal opens, where the dialog focuses it and remembers what to return the focus to.
   */
  focusOnMount: boolean;
}
