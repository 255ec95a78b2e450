package dev.retryowner.gate.importfilter;

/** Names no catalog type (a catalog method's owner is none), so it is dropped. */
public class Sleeper extends Thread {}
