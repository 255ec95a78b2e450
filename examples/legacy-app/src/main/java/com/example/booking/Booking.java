package com.example.booking;

import java.time.Instant;

/** A visitor's meeting at a stand; the stand's owner is told about it by mail. */
public record Booking(String id, String ownerEmail, String visitorName, Instant startsAt) {}
