export function OrDivider() {
  return (
    <div className="flex items-center gap-3 text-sm text-muted-foreground">
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
      ou
      <span className="h-px flex-1 bg-border" aria-hidden="true" />
    </div>
  );
}
