import type { AgentStatus } from "@/stores/agentFlow";

type IconProps = { className?: string };

const base = "h-full w-full";

export function CheckIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <path d="M5 10.5l3.2 3.2L15 7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function CrossIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <path d="M6.5 6.5l7 7m0-7l-7 7" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function ClockIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <circle cx="10" cy="10" r="6.5" stroke="currentColor" strokeWidth="1.8" />
      <path d="M10 6.5V10l2.5 1.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
    </svg>
  );
}

export function StopIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <rect x="6.5" y="6.5" width="7" height="7" rx="1.2" fill="currentColor" />
    </svg>
  );
}

export function MinusIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <path d="M6 10h8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function DotIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={className} aria-hidden>
      <circle cx="10" cy="10" r="5" stroke="currentColor" strokeWidth="1.8" strokeDasharray="2.6 2.2" />
    </svg>
  );
}

export function SpinIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="none" className={`${className} animate-spin`} aria-hidden>
      <circle cx="10" cy="10" r="6.5" stroke="currentColor" strokeOpacity="0.25" strokeWidth="2.2" />
      <path d="M16.5 10A6.5 6.5 0 0010 3.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
    </svg>
  );
}

export function BoltIcon({ className = base }: IconProps) {
  return (
    <svg viewBox="0 0 20 20" fill="currentColor" className={className} aria-hidden>
      <path d="M11.3 2.5L4.5 11h4.2l-1 6.5 6.8-8.6H10.3l1-6.4z" />
    </svg>
  );
}

export function StatusIcon({ status, className }: { status: AgentStatus; className?: string }) {
  switch (status) {
    case "RUNNING":
      return <SpinIcon className={className} />;
    case "COMPLETED":
      return <CheckIcon className={className} />;
    case "FAILED":
      return <CrossIcon className={className} />;
    case "TIMEOUT":
      return <ClockIcon className={className} />;
    case "STOPPED":
      return <StopIcon className={className} />;
    case "SKIPPED":
      return <MinusIcon className={className} />;
    default:
      return <DotIcon className={className} />;
  }
}
