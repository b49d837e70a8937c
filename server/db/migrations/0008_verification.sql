-- A teacher email belongs to one teacher profile (SPEC §5 "teacher email … unique"). The
-- verification link checks it first; this index decides when two links race.
CREATE UNIQUE INDEX teacher_profiles_teacher_email_key ON teacher_profiles (teacher_email) WHERE teacher_email IS NOT NULL;
