import { Alert } from "./ui/alert";
import { Button } from "./ui/button";

export interface LoadErrorProps {
  message: string;
  onRetry: () => void;
}

/** A read that failed: its French message and a way to try again. */
export function LoadError({ message, onRetry }: LoadErrorProps) {
  return (
    <Alert variant="error">
      <p>{message}</p>
      <div>
        <Button type="button" variant="outline" size="sm" onClick={onRetry}>
          Réessayer
        </Button>
      </div>
    </Alert>
  );
}
