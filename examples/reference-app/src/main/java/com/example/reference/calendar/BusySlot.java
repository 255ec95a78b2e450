package com.example.reference.calendar;

import java.time.Instant;

/** A time range the calendar is busy, start inclusive, end exclusive. */
public record BusySlot(Instant start, Instant end) {}
