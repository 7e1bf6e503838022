import type {
  ProjectForm,
  ProjectList,
  ProjectStatus,
  ProjectUpdate,
} from '../../../contract/projects';
import { api } from '../../api/client';

/** The projects overview's calls (docs/projects.md); each answers the company's projects. */

export function fetchProjects(): Promise<ProjectList> {
  return api.get('v1/projects').json();
}

export function createProject(form: ProjectForm): Promise<ProjectList> {
  return api.put('v1/projects', { json: form }).json();
}

export function updateProject(form: ProjectUpdate): Promise<ProjectList> {
  return api.post('v1/projects', { json: form }).json();
}

export function setProjectStatus(projectId: number, status: ProjectStatus): Promise<ProjectList> {
  return api.post('v1/projects/status', { json: { project_id: projectId, status } }).json();
}
