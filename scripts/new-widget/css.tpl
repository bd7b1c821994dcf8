.lk-__name__ {
  display: grid;
  gap: var(--lk-space-2, 8px);
}
